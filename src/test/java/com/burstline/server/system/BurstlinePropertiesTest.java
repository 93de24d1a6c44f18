package com.burstline.server.system;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** burstline.public-url ends up inside Markdown links as it is, so only a plain http(s) address is taken. */
class BurstlinePropertiesTest {

    @Test
    void aPublicUrlIsAPlainHttpAddressWithoutItsTrailingSlash() {
        assertThat(publicUrl("https://burstline.example.org/")).isEqualTo("https://burstline.example.org");
        assertThat(publicUrl("http://10.0.0.5:8080/burstline")).isEqualTo("http://10.0.0.5:8080/burstline");
        assertThat(publicUrl("http://[2001:db8::5]:8080")).isEqualTo("http://[2001:db8::5]:8080");
        assertThat(publicUrl(" ")).isNull();
        for (String bad : new String[] {"burstline.example.org", "javascript:alert(1)",
                "https://x.example/a) [click](https://evil.example", "https://x.example/a b"}) {
            assertThatThrownBy(() -> publicUrl(bad)).as(bad).hasMessageContaining("burstline.public-url must be");
        }
    }

    private static String publicUrl(String value) {
        return new BurstlineProperties(null, null, null, null, null, null, null, null, null, value).publicUrl();
    }
}
