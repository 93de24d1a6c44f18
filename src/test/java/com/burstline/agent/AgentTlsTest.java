package com.burstline.agent;

import com.burstline.contract.CertificateFingerprint;
import com.burstline.contract.SelfSignedCertificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The agent's own key: a valid self-signed certificate, stored owner-only, the same after a restart. */
class AgentTlsTest {
    @TempDir
    Path dir;

    @Test
    void theGeneratedCertificateIsAValidSelfSignedX509V3CertificateForAServer() throws Exception {
        Instant now = Instant.parse("2026-12-01T10:00:00Z");
        var generated = SelfSignedCertificate.generate("burstline-agent lab-a", now,
                now.plus(Duration.ofDays(3650)));
        X509Certificate certificate = generated.certificate();

        certificate.verify(certificate.getPublicKey()); // signed by its own key
        assertThat(certificate.getPublicKey()).isEqualTo(generated.keys().getPublic());
        assertThat(certificate.getVersion()).isEqualTo(3);
        assertThat(certificate.getSigAlgName()).isEqualTo("SHA256withECDSA");
        assertThat(certificate.getSubjectX500Principal().getName()).isEqualTo("CN=burstline-agent lab-a");
        assertThat(certificate.getIssuerX500Principal()).isEqualTo(certificate.getSubjectX500Principal());
        assertThat(certificate.getSerialNumber().signum()).isPositive();
        assertThat(certificate.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1"); // serverAuth
        assertThat(certificate.getKeyUsage()[0]).isTrue(); // digitalSignature
        assertThat(certificate.getBasicConstraints()).isEqualTo(-1); // not a CA
        certificate.checkValidity(Date.from(now));
        assertThat(certificate.getNotAfter().toInstant()).isEqualTo(now.plus(Duration.ofDays(3650)));
    }

    @Test
    void aValidityEndingAfter2049IsWrittenAsGeneralizedTime() throws Exception {
        Instant now = Instant.parse("2045-06-01T00:00:00Z");
        Instant notAfter = Instant.parse("2055-06-01T00:00:00Z");

        X509Certificate certificate = SelfSignedCertificate.generate("a", now, notAfter).certificate();

        assertThat(certificate.getNotAfter().toInstant()).isEqualTo(notAfter);
        assertThat(certificate.getNotBefore().toInstant()).isEqualTo(now.minus(Duration.ofDays(1)));
    }

    @Test
    void theKeyIsStoredOwnerOnlyBesideTheSpoolAndReusedAfterARestart() throws Exception {
        Path spool = dir.resolve("agents").resolve("lab-a");
        TlsSettings selfGenerated = TlsSettings.from(Map.of(), Map.of());

        AgentTls first = AgentTls.of(selfGenerated, spool, "lab-a");
        AgentTls afterRestart = AgentTls.of(selfGenerated, spool, "lab-a");

        Path keystore = dir.resolve("agents").resolve("lab-a-tls.p12");
        Path password = dir.resolve("agents").resolve("lab-a-tls.password");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(keystore))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(password))).isEqualTo("rw-------");
        assertThat(afterRestart.fingerprint()).isEqualTo(first.fingerprint());
        KeyStore stored = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            stored.load(in, Files.readString(password).strip().toCharArray());
        }
        assertThat(CertificateFingerprint.of(stored.getCertificate("burstline-agent").getEncoded()))
                .isEqualTo(first.fingerprint());
        assertThat(AgentTls.of(selfGenerated, dir.resolve("lab-b"), "lab-b").fingerprint())
                .isNotEqualTo(first.fingerprint());
    }

    @Test
    void aGivenKeystoreIsUsedAsItIsAndAWrongPasswordIsAClearStartUpError() throws Exception {
        AgentTls made = AgentTls.selfGenerated(dir.resolve("own.p12"), dir.resolve("own.password"), "own");
        Files.writeString(dir.resolve("right"), Files.readString(dir.resolve("own.password")) + "\n");
        Files.writeString(dir.resolve("wrong"), "not-the-password\n");

        TlsSettings given = TlsSettings.from(Map.of("tls-keystore", dir.resolve("own.p12").toString(),
                "tls-keystore-password-file", dir.resolve("right").toString()), Map.of());
        TlsSettings wrong = TlsSettings.from(Map.of("tls-keystore", dir.resolve("own.p12").toString(),
                "tls-keystore-password-file", dir.resolve("wrong").toString()), Map.of());

        assertThat(AgentTls.of(given, dir.resolve("spool"), "own").fingerprint()).isEqualTo(made.fingerprint());
        assertThat(dir.resolve("spool-tls.p12")).doesNotExist();
        assertThatThrownBy(() -> AgentTls.of(wrong, dir.resolve("spool"), "own"))
                .hasMessageContaining("own.p12 does not open with this password");
        Files.writeString(dir.resolve("not-a-keystore.p12"), "-----BEGIN CERTIFICATE-----\n");
        assertThatThrownBy(() -> AgentTls.load(dir.resolve("not-a-keystore.p12"), "x".toCharArray()))
                .hasMessageContaining("not-a-keystore.p12 cannot be read as PKCS#12");
    }

    @Test
    void theKeystorePasswordComesFromAFileOrTheEnvironmentNeverTheCommandLine() throws Exception {
        AgentTls.selfGenerated(dir.resolve("own.p12"), dir.resolve("own.password"), "own");
        Map<String, String> keystore = Map.of("tls-keystore", dir.resolve("own.p12").toString());

        assertThat(TlsSettings.from(keystore, Map.of(TlsSettings.PASSWORD_ENVIRONMENT, "secret")).password())
                .isEqualTo("secret");
        assertThat(TlsSettings.from(keystore, Map.of(TlsSettings.PASSWORD_ENVIRONMENT, "secret")).toString())
                .doesNotContain("secret");
        assertThatThrownBy(() -> TlsSettings.from(keystore, Map.of()))
                .hasMessageContaining("--tls-keystore needs its password");
        assertThatThrownBy(() -> AgentSettings.parse(java.util.List.of("--server", "http://10.0.0.1:8080",
                "--token", "t", "--name", "a", "--tls-keystore-password", "secret"), Map.of()))
                .hasMessageContaining("not taken on the command line");
    }

    @Test
    void theAdvertisedUrlFollowsWhetherTheApiServesHttps() {
        var base = java.util.List.of("--server", "http://10.0.0.1:8080", "--token", "t", "--name", "a");
        var https = new java.util.ArrayList<>(base);
        https.addAll(java.util.List.of("--advertise", "https://10.0.0.5:7701"));
        var plainWhileTls = new java.util.ArrayList<>(base);
        plainWhileTls.addAll(java.util.List.of("--advertise", "http://10.0.0.5:7701"));
        var off = new java.util.ArrayList<>(plainWhileTls);
        off.addAll(java.util.List.of("--tls", "off"));

        assertThat(AgentSettings.parse(base, Map.of()).tls().enabled()).isTrue();
        assertThat(AgentSettings.parse(https, Map.of()).advertise().toString()).isEqualTo("https://10.0.0.5:7701");
        assertThat(AgentSettings.parse(off, Map.of()).tls().enabled()).isFalse();
        assertThatThrownBy(() -> AgentSettings.parse(plainWhileTls, Map.of()))
                .hasMessageContaining("--advertise must be a https:// URL");
    }
}
