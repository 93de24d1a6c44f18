-- The key a schedule's webhook posts are signed with (X-Burstline-Signature), shown once when it is made. Schedules
-- made before this column get a key of their own at their next post; their owners learn it by rotating it.
ALTER TABLE schedule ADD COLUMN webhook_secret VARCHAR(64);
