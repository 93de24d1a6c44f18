-- Which tool a scenario asks for: iperf3, java (the agent's own engine) or auto (iperf3 where the agent has a native
-- binary, else the engine). Scenarios stored before ran on iperf3 whenever it was installed, which is what auto says.
ALTER TABLE job_scenario ADD COLUMN tool VARCHAR(8) DEFAULT 'auto' NOT NULL;
