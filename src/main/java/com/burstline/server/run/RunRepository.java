package com.burstline.server.run;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;

interface RunRepository extends JpaRepository<Run, Long>, JpaSpecificationExecutor<Run> {
}
