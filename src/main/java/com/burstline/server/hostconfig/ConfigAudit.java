package com.burstline.server.hostconfig;

import com.burstline.contract.HostConfig;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A host's configuration against the vendor's advice ({@link VendorAdvice}): for each check of its OS, the value
 * found, what is advised, where that comes from, and the verdict: {@code pass}, {@code warn}, {@code unknown} (the
 * fact could not be read, and why) or {@code info} (the vendor only asks to look at it).
 */
@Component
public class ConfigAudit {
    public static final String PASS = "pass";
    public static final String WARN = "warn";
    public static final String UNKNOWN = "unknown";
    public static final String INFO = "info";

    /** One row of the audit table. */
    public record Row(String id, String check, String value, String advice, String level, String source,
                      String sourceUrl, String verdict, String note) {
    }

    private final VendorAdvice advice;

    ConfigAudit(VendorAdvice advice) {
        this.advice = advice;
    }

    public List<Row> audit(HostConfig config) {
        List<Row> rows = new ArrayList<>();
        boolean ena = "ena".equals(config.facts().get("nic.driver"))
                || String.valueOf(config.facts().get("nic.driver")).contains("Elastic Network Adapter");
        for (VendorAdvice.Check check : advice.checks()) {
            if (check.os().equals(config.os()) && (!check.ena() || ena)) {
                rows.add(row(check, config));
            }
        }
        return rows;
    }

    private Row row(VendorAdvice.Check check, HostConfig config) {
        VendorAdvice.Source source = advice.source(check.source());
        List<String> found = check.facts().stream().filter(config.facts()::containsKey).toList();
        if (found.isEmpty()) {
            String why = AuditRules.unknownReason(config, check.facts().get(0));
            return new Row(check.id(), check.check(), null, check.advice(), check.level(), source.title(),
                    source.url(), "present".equals(check.rule()) ? WARN : UNKNOWN, why);
        }
        String value = String.join(" / ", found.stream().map(config.facts()::get).toList());
        AuditRules.Verdict verdict = AuditRules.judge(check, config, config.facts().get(found.get(0)));
        return new Row(check.id(), check.check(), value, check.advice(), check.level(), source.title(),
                source.url(), verdict.verdict().toLowerCase(Locale.ROOT), verdict.note());
    }
}
