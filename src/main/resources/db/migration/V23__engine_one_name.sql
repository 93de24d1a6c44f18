-- The engine has one name, burstline-java, as its runs already say; scenarios stored under its former name "java"
-- take it too, so pages and reruns show the same word.
ALTER TABLE job_scenario ALTER COLUMN tool SET DATA TYPE VARCHAR(16);
UPDATE job_scenario SET tool = 'burstline-java' WHERE tool = 'java';
