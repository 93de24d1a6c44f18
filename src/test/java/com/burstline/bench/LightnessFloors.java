package com.burstline.bench;

import com.burstline.agent.AgentProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The floors an agent's idle memory is set beside, launched as the agents were: {@link TrivialJava},
 * {@link BareJdkDaemon} (the goal's floor) and {@link BareJdkTlsDaemon} (the same speaking HTTPS, a second row).
 */
final class LightnessFloors implements AutoCloseable {
    static final List<String> NAMES = List.of("trivial Java (TrivialJava)", "bare JDK HttpServer + HttpClient",
            "bare JDK, HTTPS (BareJdkTlsDaemon)");
    private static final String PASSWORD = "bench-floor";

    private final List<BareDaemonProcess> processes;

    private LightnessFloors(List<BareDaemonProcess> processes) {
        this.processes = processes;
    }

    /** Starts the three floors for {@code variant}, each logging under {@code workDir} with {@code tag}. */
    static LightnessFloors start(Path workDir, String tag, JvmVariant variant) throws IOException,
            InterruptedException {
        Path keystore = workDir.resolve("floor-tls.p12");
        if (!Files.exists(keystore)) {
            generateKey(keystore);
        }
        return new LightnessFloors(List.of(
                BareDaemonProcess.start(workDir.resolve(tag + "trivial.log"), TrivialJava.class, variant),
                BareDaemonProcess.start(workDir.resolve(tag + "bare.log"), BareJdkDaemon.class, variant),
                BareDaemonProcess.start(workDir.resolve(tag + "bare-tls.log"), BareJdkTlsDaemon.class, variant,
                        keystore.toString(), PASSWORD)));
    }

    /** An EC P-256 key with a self-signed certificate for localhost, as the agent makes its own. */
    private static void generateKey(Path keystore) throws IOException, InterruptedException {
        Process keytool = new ProcessBuilder(Path.of(AgentProcess.javaBin()).resolveSibling("keytool").toString(),
                "-genkeypair", "-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD,
                "-alias", "floor", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
                "-ext", "san=dns:localhost,ip:127.0.0.1", "-validity", "2").redirectErrorStream(true).start();
        String printed = new String(keytool.getInputStream().readAllBytes());
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IllegalStateException("keytool could not make the floor's key: " + printed);
        }
    }

    void awaitListening() throws IOException, InterruptedException {
        for (BareDaemonProcess process : processes) {
            process.awaitListening();
        }
    }

    List<Long> pids() {
        return processes.stream().map(BareDaemonProcess::pid).toList();
    }

    @Override
    public void close() throws InterruptedException {
        for (BareDaemonProcess process : processes) {
            process.close();
        }
    }
}
