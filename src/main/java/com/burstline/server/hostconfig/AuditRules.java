package com.burstline.server.hostconfig;

import com.burstline.contract.HostConfig;

import java.util.Arrays;
import java.util.List;

/** How each rule of the vendor advice judges a value; the thresholds come from the advice, never from here. */
final class AuditRules {
    record Verdict(String verdict, String note) {
    }

    private AuditRules() {
    }

    static Verdict judge(VendorAdvice.Check check, HostConfig config, String value) {
        if (check.when() != null) {
            Double gate = number(config.facts().get(check.when().fact()));
            if (gate != null && gate >= check.when().below()) {
                return new Verdict(ConfigAudit.PASS, FactCatalog.label(check.when().fact()) + " is "
                        + whole(gate) + ", not below " + whole(check.when().below()) + ": this does not apply");
            }
        }
        return switch (check.rule()) {
            case "info" -> new Verdict(ConfigAudit.INFO, null);
            case "present" -> new Verdict(ConfigAudit.PASS, null);
            case "equals" -> of(value.equals(String.valueOf(check.value())), null);
            case "one-of" -> of(check.values().contains(value), null);
            case "version-at-least" -> of(version(value, String.valueOf(check.value())), null);
            default -> numeric(check, config, value);
        };
    }

    private static Verdict numeric(VendorAdvice.Check check, HostConfig config, String value) {
        Double number = "last-at-least".equals(check.rule()) ? last(value) : number(value);
        if (number == null) {
            return new Verdict(ConfigAudit.UNKNOWN, "'" + value + "' is not a number");
        }
        return switch (check.rule()) {
            case "range" -> number > check.max() ? of(false, "over " + whole(check.max()))
                    : of(number >= check.min(), number < check.min() ? "under " + whole(check.min()) : null);
            case "at-most" -> of(number <= check.max(), null);
            case "at-least", "last-at-least" -> of(number >= ((Number) check.value()).doubleValue(), null);
            case "at-least-or-max" -> atLeastOrMax(check, config, number);
            case "equals-max" -> equalsMax(check, config, number);
            default -> throw new IllegalStateException("check " + check.id() + " has no known rule: " + check.rule());
        };
    }

    private static Verdict atLeastOrMax(VendorAdvice.Check check, HostConfig config, double number) {
        double wanted = ((Number) check.value()).doubleValue();
        Double max = number(config.facts().get(check.maxFact()));
        double needed = max == null ? wanted : Math.min(wanted, max);
        return of(number >= needed, max != null && max < wanted ? "the NIC's maximum is " + whole(max) : null);
    }

    private static Verdict equalsMax(VendorAdvice.Check check, HostConfig config, double number) {
        String fact = check.facts().stream().filter(config.facts()::containsKey).findFirst().orElseThrow();
        Double max = number(config.facts().get(fact + ".max"));
        if (max == null) {
            return new Verdict(ConfigAudit.UNKNOWN, "the NIC tells no maximum");
        }
        return of(number >= max, whole(number) + " of " + whole(max));
    }

    /** Why a fact is unknown: its own reason, else its group's ("nic.rings" for {@code nic.rings.tx}). */
    static String unknownReason(HostConfig config, String fact) {
        for (String name = fact; !name.isEmpty(); name = name.contains(".")
                ? name.substring(0, name.lastIndexOf('.')) : "") {
            String reason = config.unknown().get(name);
            if (reason != null) {
                return reason;
            }
        }
        return "not reported by this host";
    }

    private static Verdict of(boolean pass, String note) {
        return new Verdict(pass ? ConfigAudit.PASS : ConfigAudit.WARN, note);
    }

    private static Double number(String text) {
        try {
            return text == null ? null : Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Double last(String triple) {
        List<String> parts = Arrays.asList(triple.strip().split("\\s+"));
        return number(parts.get(parts.size() - 1));
    }

    /** "2.6.0.0" is at least "2.2.9"; "2.11.0g" reads as 2.11.0. */
    static boolean version(String found, String wanted) {
        String[] a = found.replaceAll("[^0-9.]", "").split("\\.");
        String[] b = wanted.split("\\.");
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            int x = i < a.length && !a[i].isEmpty() ? Integer.parseInt(a[i]) : 0;
            int y = i < b.length ? Integer.parseInt(b[i]) : 0;
            if (x != y) {
                return x > y;
            }
        }
        return true;
    }

    private static String whole(double number) {
        return number == Math.rint(number) ? String.valueOf((long) number) : String.valueOf(number);
    }
}
