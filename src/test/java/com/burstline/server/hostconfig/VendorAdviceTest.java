package com.burstline.server.hostconfig;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The advice file holds together: every check has a source, a rule the audit knows and facts agents report. */
class VendorAdviceTest {
    private static final Set<String> RULES = Set.of("range", "at-least", "at-most", "at-least-or-max", "equals",
            "one-of", "equals-max", "last-at-least", "present", "version-at-least", "info");

    @Test
    void everyCheckIsComplete() {
        VendorAdvice advice = new VendorAdvice();

        assertThat(advice.checks()).isNotEmpty().allSatisfy(check -> {
            assertThat(RULES).as(check.id()).contains(check.rule());
            assertThat(check.facts()).as(check.id()).isNotEmpty();
            assertThat(check.os()).as(check.id()).isIn("linux", "windows");
            assertThat(check.advice()).as(check.id()).isNotBlank();
            assertThat(advice.source(check.source()).url()).as(check.id()).startsWith("https://");
            check.facts().forEach(fact -> assertThat(FactCatalog.rank(fact)).as(fact)
                    .isLessThan(FactCatalog.ENTRIES.size()));
        });
        assertThat(advice.checks().stream().map(VendorAdvice.Check::id).distinct().count())
                .isEqualTo(advice.checks().size());
    }

    @Test
    void aCheckNamingAnUnknownSourceIsRefusedAtStart() {
        String json = "{\"sources\": {}, \"checks\": [{\"id\": \"x\", \"os\": \"linux\", \"check\": \"X\", "
                + "\"facts\": [\"nic.mtu\"], \"rule\": \"info\", \"advice\": \"a\", \"source\": \"nowhere\"}]}";

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new VendorAdvice(
                new java.io.ByteArrayInputStream(json.getBytes(java.nio.charset.StandardCharsets.UTF_8))))
                .hasMessageContaining("check x names no known source: nowhere");
    }
}
