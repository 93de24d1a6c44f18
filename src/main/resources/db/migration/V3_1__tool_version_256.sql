-- iperf3's start.version is accepted up to 256 characters (Iperf3Plausibility); 32 turned longer ones into a 500.
ALTER TABLE run ALTER COLUMN tool_version SET DATA TYPE VARCHAR(256);
