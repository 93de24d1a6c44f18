package com.burstline.server.fleet;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

import java.util.Optional;

interface AgentRepository extends JpaRepository<RegisteredAgent, Long> {
    Optional<RegisteredAgent> findByName(String name);

    @Query("select a.name from RegisteredAgent a where a.secretHash = :secretHash")
    Optional<String> nameBySecretHash(String secretHash);
}
