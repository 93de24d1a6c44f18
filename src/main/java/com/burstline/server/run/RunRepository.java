package com.burstline.server.run;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;

import java.util.List;

interface RunRepository extends JpaRepository<Run, Long>, JpaSpecificationExecutor<Run> {
    /** Every run a job stored, complete or partial, oldest first. */
    List<Run> findByJobIdOrderById(Long jobId);
}
