package com.burstline.contract;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A fresh EC P-256 key pair and a self-signed X.509 v3 certificate for it, DER-encoded here with
 * {@link Signature}. Written by hand rather than by running the JDK's {@code keytool}: a JRE or a jlinked runtime
 * may have no keytool, its path differs per platform, and a child process adds its own failure modes at start-up,
 * while these few DER structures are fixed and the JDK's own {@link CertificateFactory} parses and verifies the
 * result before it is used (RFC 5280 names the fields below). The agent's HTTPS listener and the server's listener
 * for agents both make theirs here.
 */
public final class SelfSignedCertificate {
    private static final byte[] ECDSA_WITH_SHA256 = {0x2A, (byte) 0x86, 0x48, (byte) 0xCE, 0x3D, 0x04, 0x03, 0x02};
    private static final byte[] COMMON_NAME = {0x55, 0x04, 0x03};
    private static final byte[] KEY_USAGE = {0x55, 0x1D, 0x0F};
    private static final byte[] EXTENDED_KEY_USAGE = {0x55, 0x1D, 0x25};
    private static final byte[] SERVER_AUTH = {0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01};
    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'")
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter GENERALIZED_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private SelfSignedCertificate() {
    }

    /** The key pair and its certificate, valid from a day before {@code now} (clock skew) until {@code notAfter}. */
    public record Generated(KeyPair keys, X509Certificate certificate) {
    }

    public static Generated generate(String commonName, Instant now, Instant notAfter)
            throws GeneralSecurityException {
        SecureRandom random = new SecureRandom();
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), random);
        KeyPair keys = generator.generateKeyPair();
        byte[] algorithm = sequence(oid(ECDSA_WITH_SHA256));
        byte[] name = sequence(set(sequence(oid(COMMON_NAME), utf8(commonName))));
        byte[] tbs = sequence(
                tagged(0xA0, integer(BigInteger.TWO)), // v3
                integer(new BigInteger(127, random).add(BigInteger.ONE)), // positive, at most 16 bytes
                algorithm, name,
                sequence(time(now.minusSeconds(86_400)), time(notAfter)),
                name,
                keys.getPublic().getEncoded(), // already a DER SubjectPublicKeyInfo
                tagged(0xA3, sequence(
                        extension(KEY_USAGE, true, new byte[]{0x03, 0x02, 0x07, (byte) 0x80}), // digitalSignature
                        extension(EXTENDED_KEY_USAGE, false, sequence(oid(SERVER_AUTH))))));
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(keys.getPrivate(), random);
        signer.update(tbs);
        byte[] der = sequence(tbs, algorithm, bitString(signer.sign()));
        X509Certificate certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(der));
        certificate.verify(keys.getPublic());
        return new Generated(keys, certificate);
    }

    private static byte[] extension(byte[] id, boolean critical, byte[] value) {
        return critical ? sequence(oid(id), new byte[]{0x01, 0x01, (byte) 0xFF}, octetString(value))
                : sequence(oid(id), octetString(value));
    }

    /** RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050. */
    private static byte[] time(Instant instant) {
        boolean utc = instant.atZone(ZoneOffset.UTC).getYear() < 2050;
        String text = (utc ? UTC_TIME : GENERALIZED_TIME).format(instant);
        return tlv(utc ? 0x17 : 0x18, text.getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] integer(BigInteger value) {
        return tlv(0x02, value.toByteArray());
    }

    private static byte[] oid(byte[] encoded) {
        return tlv(0x06, encoded);
    }

    private static byte[] utf8(String text) {
        return tlv(0x0C, text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] octetString(byte[] content) {
        return tlv(0x04, content);
    }

    private static byte[] bitString(byte[] content) {
        byte[] withUnusedBits = new byte[content.length + 1]; // leading 0: no unused bits
        System.arraycopy(content, 0, withUnusedBits, 1, content.length);
        return tlv(0x03, withUnusedBits);
    }

    private static byte[] sequence(byte[]... parts) {
        return tlv(0x30, concat(parts));
    }

    private static byte[] set(byte[]... parts) {
        return tlv(0x31, concat(parts));
    }

    private static byte[] tagged(int tag, byte[] content) {
        return tlv(tag, content);
    }

    /** Tag, DER length (short form below 128, else long form), content. */
    static byte[] tlv(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length + 6);
        out.write(tag);
        int length = content.length;
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = (Integer.SIZE - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(0x80 | bytes);
            for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
                out.write(length >>> shift);
            }
        }
        out.writeBytes(content);
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
