package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// poolFileVersion is written into, and required of, a pool file.
const poolFileVersion = 1

// poolFile is the JSON of the file that keeps a node's proven seeds
// across a restart (-pool-file): seeds as decimal strings by profile.
// The seeds are the deals of races to come: the file is written with
// mode 0600, and a node that reads it removes it, so that two processes
// never deal the same seed from it.
type poolFile struct {
	Version int                 `json:"version"`
	Seeds   map[string][]string `json:"seeds"`
}

// defaultPoolFile is -pool-file's default: pool-seeds.json in the
// user's cache directory, or "" (no file) when there is none.
func defaultPoolFile() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "solitaire-race", "pool-seeds.json")
}

// takePoolFile reads the seeds saved at path and removes the file. A
// missing file is no seeds and no error.
func takePoolFile(path string) (map[string][]uint64, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if err := os.Remove(path); err != nil {
		return nil, fmt.Errorf("pool file: %w", err)
	}
	var f poolFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("pool file %s: %w", path, err)
	}
	if f.Version != poolFileVersion {
		return nil, fmt.Errorf("pool file %s: version %d, want %d", path, f.Version, poolFileVersion)
	}
	out := map[string][]uint64{}
	for profile, seeds := range f.Seeds {
		for _, s := range seeds {
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("pool file %s: %s: %w", path, profile, err)
			}
			out[profile] = append(out[profile], n)
		}
	}
	return out, nil
}

// savePoolFile writes seeds to path (mode 0600, its directory made if
// need be), replacing the file at once so that a crash leaves the old
// file or the new one.
func savePoolFile(path string, seeds map[string][]uint64) error {
	f := poolFile{Version: poolFileVersion, Seeds: map[string][]string{}}
	for profile, ss := range seeds {
		for _, s := range ss {
			f.Seeds[profile] = append(f.Seeds[profile], strconv.FormatUint(s, 10))
		}
	}
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".pool-seeds-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
