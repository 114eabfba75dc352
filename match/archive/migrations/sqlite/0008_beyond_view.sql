-- The fair-play signal beyond_view (signals.go): of each racer's
-- sampled positions, divergent counts those where the all-knowing
-- solver's move and the view-only bot's differ, beyond_view those of
-- them where the racer played the solver's move. 0 for the rows
-- computed before it, as for a game that hides no card.
ALTER TABLE archive_fairplay ADD COLUMN divergent integer NOT NULL DEFAULT 0;
ALTER TABLE archive_fairplay ADD COLUMN beyond_view integer NOT NULL DEFAULT 0;
