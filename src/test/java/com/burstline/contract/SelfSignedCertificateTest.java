package com.burstline.contract;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The DER the certificates of the agents' and the server's TLS listeners are written in (AgentTlsTest reads them). */
class SelfSignedCertificateTest {
    @Test
    void derLengthsOver127BytesUseTheLongForm() {
        assertThat(SelfSignedCertificate.tlv(0x04, new byte[5])).startsWith(0x04, 5);
        assertThat(SelfSignedCertificate.tlv(0x04, new byte[200])).startsWith(0x04, 0x81, 200);
        assertThat(SelfSignedCertificate.tlv(0x04, new byte[300])).startsWith(0x04, 0x82, 0x01, 0x2C);
    }
}
