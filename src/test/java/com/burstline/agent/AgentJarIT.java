package com.burstline.agent;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent jar holds every class its classes use: {@code jdeps --missing-deps} prints nothing for it. A package the
 * agent may import (ArchitectureTest) but src/assembly/agent.xml does not pack would compile and then fail on a host
 * with a missing class; this catches it at {@code mvn verify}. And it starts with the agent's own JVM options
 * ({@code scripts/agent-jvm-options.sh}). Needs no lock: it starts no iperf3 and no network.
 */
class AgentJarIT {

    @Test
    void jdepsFindsNoMissingClassInTheAgentJar() throws Exception {
        assertThat(AgentProcess.JAR).as("run 'mvn package' first").exists();
        Path jdeps = Path.of(System.getProperty("java.home"), "bin", "jdeps");
        Process process = new ProcessBuilder(List.of(jdeps.toString(), "--multi-release",
                Integer.toString(Runtime.version().feature()), "--missing-deps", AgentProcess.JAR.toString()))
                .redirectErrorStream(true).start();
        String printed = new String(process.getInputStream().readAllBytes());

        assertThat(process.waitFor()).as(printed).isZero();
        assertThat(printed).as("jdeps --missing-deps on " + AgentProcess.JAR).isBlank();
    }

    @Test
    void theJarHoldsTheContractAndNothingOfTheServer() throws Exception {
        try (var jar = new java.util.jar.JarFile(AgentProcess.JAR.toFile())) {
            List<String> names = jar.stream().map(java.util.zip.ZipEntry::getName).toList();

            assertThat(names).contains("com/burstline/contract/ScenarioSpec.class",
                    "com/burstline/agent/AgentMain.class");
            assertThat(names).noneMatch(name -> name.startsWith("com/burstline/server/")
                    || name.startsWith("com/burstline/iperf/") || name.startsWith("org/springframework/"));
        }
    }

    /**
     * The options and environment scripts/start.sh launches agents with: a JVM that refused one would leave the lab
     * without agents.
     */
    @Test
    void theJarStartsWithTheAgentsOwnJvmOptions() throws Exception {
        String options = script("scripts/agent-jvm-options.sh");
        String env = script("scripts/agent-jvm-options.sh", "--env");
        List<String> command = new ArrayList<>(List.of("env"));
        command.addAll(List.of(env.split("\\s+")));
        command.add(AgentProcess.javaBin());
        command.addAll(List.of(options.split("\\s+")));
        command.addAll(List.of("-XX:+PrintCommandLineFlags", "-jar", AgentProcess.JAR.toString(), "--help"));
        Process agent = new ProcessBuilder(command).redirectErrorStream(true).start();
        String printed = new String(agent.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(env).isEqualTo("MALLOC_ARENA_MAX=2");
        assertThat(agent.waitFor()).as(printed).isZero();
        assertThat(printed).contains("-XX:+UseSerialGC", "-XX:InitialHeapSize=16777216", "--server");
    }

    private static String script(String... command) throws Exception {
        Process script = new ProcessBuilder(command).start();
        String printed = new String(script.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(script.waitFor()).isZero();
        return printed;
    }
}
