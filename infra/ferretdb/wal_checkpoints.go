// Bazar's addition to FerretDB's SQLite backend, copied into internal/backends/sqlite/metadata/pool
// by infra/bin/install.mjs (see WAL_CHECKPOINTS there for why).

package pool

import (
	"context"
	"database/sql"
	"log/slog"
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/util/logging"
)

// walPragmas are run on every connection after the URI's own: no commit copies the write-ahead log
// into the database file (checkpointInBackground does), and a log emptied by a checkpoint is cut
// back to this many bytes.
var walPragmas = []string{
	"PRAGMA wal_autocheckpoint = 0",
	"PRAGMA journal_size_limit = 4194304",
}

// walCheckpointEvery is how often the log is copied into the database file, and so, with
// synchronous=NORMAL, how much of the last commits an OS crash or power cut may lose.
const walCheckpointEvery = 250 * time.Millisecond

// checkpointInBackground copies db's write-ahead log into its file every walCheckpointEvery, until
// db is closed. PASSIVE never waits for a reader or a writer: it copies what no reader still
// needs, and the next writer starts the log again once all of it was copied.
func checkpointInBackground(db *sql.DB, l *slog.Logger) {
	go func() {
		ticker := time.NewTicker(walCheckpointEvery)
		defer ticker.Stop()

		for range ticker.C {
			var busy, frames, copied int
			err := db.QueryRowContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied)
			if err == nil {
				continue
			}

			if strings.Contains(err.Error(), "database is closed") {
				return
			}

			l.Warn("copying the write-ahead log into the database failed; trying again", logging.Error(err))
		}
	}()
}
