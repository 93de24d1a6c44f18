package com.burstline.server.run;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;

import java.util.Optional;

interface RunRepository extends JpaRepository<Run, Long>, JpaSpecificationExecutor<Run> {
    Optional<Run> findByContentSha256(String contentSha256);
}
