-- The platform message that shows a table, as a column of its own: a process that posts a
-- table's message stores it whatever version the table has reached meanwhile in another
-- process (the snapshot's copy is read only where the column is empty).
ALTER TABLE tables ADD COLUMN message_ref TEXT;
UPDATE tables SET message_ref = json_extract(snapshot, '$.message_ref');
