-- Events that require the viewer to have a bound mobile phone before watching (issue 4, watch-phone gate).
ALTER TABLE events ADD COLUMN needs_phone INTEGER NOT NULL DEFAULT 0;
