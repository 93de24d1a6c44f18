-- Runs and burst probes embed their scenario column for column (META-INF/orm.xml), as job scenarios do since V50,
-- and a request/response scenario has a message size: each keeps it beside its protocol (null for throughput).
-- Request/response runs stored before carry it in their latency figures.
ALTER TABLE run ADD COLUMN message_bytes INTEGER;
ALTER TABLE burst_probe ADD COLUMN message_bytes INTEGER;
UPDATE run SET message_bytes = (SELECT l.message_bytes FROM run_latency l WHERE l.run_id = run.id)
    WHERE protocol IN ('UDP_RR', 'TCP_RR');
