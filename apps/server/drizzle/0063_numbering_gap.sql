-- No change: keeps each migration's number equal to its place in the journal (drizzle-kit numbers the
-- next migration by that place). A database already past 0064 skips it (older than its last migration).
SELECT 1;
