package bot

// OnLaunch makes l call f with the level of every bot it launches.
func (l *Launcher) OnLaunch(f func(Level)) { l.launched = f }
