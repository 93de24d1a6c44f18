-- Agents speak only for themselves. Enrolling (with the enrollment token) gives an agent its own secret; only its
-- SHA-256 is kept (256 random bits, so a fast hash suffices and a request finds its agent by an indexed lookup).
-- Agents registered before this migration have none: the first enrollment under their name gives them one.
ALTER TABLE agent ADD COLUMN secret_hash VARCHAR(64);
ALTER TABLE agent ADD COLUMN enrolled_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE agent ADD CONSTRAINT agent_secret_hash_unique UNIQUE (secret_hash);

-- Each dispatch of a scenario carries a one-time nonce; its result and live samples must bring it back. Kept as
-- SHA-256 like the secrets; nonce_used_at is when the result that used it arrived.
ALTER TABLE job_scenario ADD COLUMN nonce_hash VARCHAR(64);
ALTER TABLE job_scenario ADD COLUMN nonce_used_at TIMESTAMP WITH TIME ZONE;
