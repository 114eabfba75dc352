#!/usr/bin/env python3
"""Counts the lines of beyond-view.txt that candidate beyond_view
thresholds flag, by kind of line (FreeCell left out: it hides no card).

    python3 docs/data/fairplay/thresholds.py docs/data/fairplay/beyond-view.txt
"""
import collections
import re
import sys

ROW = re.compile(r'row (\S+) (\d+) (\S+) moves=\d+ sampled=\d+ agreed=\d+ divergent=(\d+) beyond=(\d+)')
rows = []
for line in open(sys.argv[1] if len(sys.argv) > 1 else 'beyond-view.txt'):
    m = ROW.search(line)
    if m and not m.group(1).startswith('freecell'):
        rows.append((m.group(3), int(m.group(4)), int(m.group(5))))
kinds = list(dict.fromkeys(k for k, _, _ in rows))
print('min share ' + ' '.join(f'{k:>10}' for k in kinds))
for least in (3, 4, 5, 6, 8, 10):
    for share in (0.6, 0.7, 0.8, 0.9):
        flagged, lines = collections.Counter(), collections.Counter()
        for k, divergent, beyond in rows:
            lines[k] += 1
            if divergent >= least and beyond >= share * divergent:
                flagged[k] += 1
        print(f'{least:>3} {share:>5} ' + ' '.join(f'{f"{flagged[k]}/{lines[k]}":>10}' for k in kinds))
