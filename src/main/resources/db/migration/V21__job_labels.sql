-- The labels a job gives every run it stores, over the agent's facts: for drivers a host cannot tell apart (two
-- builds of one version) or an instance type the agent does not know. Null: the facts decide. A job's label tags
-- are among its job_tag rows.
ALTER TABLE job ADD COLUMN label_driver VARCHAR(200);
ALTER TABLE job ADD COLUMN label_instance_type VARCHAR(64);
