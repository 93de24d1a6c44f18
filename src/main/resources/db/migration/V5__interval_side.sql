-- Which end wrote each interval row: runs made with --get-server-output carry the receiver's rows as well as the
-- sender's. Rows stored before came from the client's own output: the sender's for upload rows, the receiver's for
-- download rows (a --bidir run's download sum included). Uploaded server-side output, rare, is not told apart here.
ALTER TABLE run_interval ADD COLUMN side VARCHAR(8) DEFAULT 'sender' NOT NULL;
UPDATE run_interval SET side = 'receiver' WHERE direction = 'download';
