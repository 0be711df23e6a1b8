-- The platform message that shows a table, as a column of its own (see migrations/sqlite).
ALTER TABLE tables ADD COLUMN message_ref TEXT;
UPDATE tables SET message_ref = snapshot::jsonb ->> 'message_ref';
