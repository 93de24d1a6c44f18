package com.burstline.agent;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Real ELF and PE headers (src/test/resources/binaries) and this machine's iperf3 say which CPU they are built for. */
class ExecutableArchitectureTest {
    private static byte[] header(String name) throws IOException {
        try (InputStream in = ExecutableArchitectureTest.class.getResourceAsStream("/binaries/" + name)) {
            return in.readAllBytes();
        }
    }

    @Test
    void elfAndPeHeadersNameTheirCpu() throws IOException {
        assertThat(ExecutableArchitecture.of(header("elf-x86-64.head"))).isEqualTo("x86_64");
        assertThat(ExecutableArchitecture.of(header("elf-aarch64.head"))).isEqualTo("aarch64");
        assertThat(ExecutableArchitecture.of(header("pe-x86-64.head"))).isEqualTo("x86_64");
        assertThat(ExecutableArchitecture.of(header("pe-aarch64.head"))).isEqualTo("aarch64");
    }

    @Test
    void aScriptOrAnythingUnknownNamesNoCpu() {
        assertThat(ExecutableArchitecture.of("#!/bin/sh\nexec iperf3 \"$@\"\n".getBytes(StandardCharsets.UTF_8)))
                .isNull();
        assertThat(ExecutableArchitecture.of(new byte[0])).isNull();
    }

    @Test
    void theInstalledIperf3IsNativeHereAndAMissingOneIsNotEvidenceOfEmulation() {
        // CI and the lab are x86_64 Linux with Debian's iperf3: built for the CPU the JVM runs on.
        assertThat(ExecutableArchitecture.isNative("/usr/bin/iperf3")).isTrue();
        assertThat(ExecutableArchitecture.isNative("iperf3")).isTrue();
        assertThat(ExecutableArchitecture.jvm()).isIn("x86_64", "aarch64");
    }
}
