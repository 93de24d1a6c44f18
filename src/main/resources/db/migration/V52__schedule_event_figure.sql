-- Which figure a webhook line told of: a schedule tells its webhook of a throughput change point and of a latency
-- change point at the same run, each once. The lines written before told of throughput only.
ALTER TABLE schedule_event ADD COLUMN figure VARCHAR(40);
UPDATE schedule_event SET figure = 'received' WHERE kind IN ('NOTIFIED', 'NOTIFY_FAILED');
