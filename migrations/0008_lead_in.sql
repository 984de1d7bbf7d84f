-- The lead-in of a line is read from bold and now also italic type (a run-in heading closed by
-- its own full stop), so the column is named for what it holds.
ALTER TABLE "lines" RENAME COLUMN "lead_bold" TO "lead_in";
