package com.burstline.server.agent;

import org.springframework.data.jpa.repository.JpaRepository;

import java.util.Optional;

interface AgentRepository extends JpaRepository<RegisteredAgent, Long> {
    Optional<RegisteredAgent> findByName(String name);
}
