package com.burstline.server.schedule;

import com.burstline.server.job.planning.JobRequest;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Schedule requests: cron, time zone, name, webhook URL and template problems, all listed at once. */
class ScheduleRulesTest {
    private static final JobRequest TEMPLATE = new JobRequest("a", "b", "standard", null, null, null, null, null);
    private static final WebhookAddresses WEBHOOKS = WebhookAddresses.of(List.of("127.0.0.0/8"));

    @Test
    void aValidRequestIsCheckedWithItsZoneDefaultingToUtc() {
        ScheduleRules.Checked checked = check(new ScheduleRequest(" nightly ", "0 0 3 * * *", null, TEMPLATE,
                "http://127.0.0.1:9000/hook"));

        assertThat(checked.name()).isEqualTo("nightly");
        assertThat(checked.timeZone()).isEqualTo("UTC");
        assertThat(checked.when().nextAfter(Instant.parse("2026-12-01T10:00:00Z")))
                .isEqualTo(Instant.parse("2026-12-02T03:00:00Z"));
        assertThat(checked.notifyUrl()).isEqualTo("http://127.0.0.1:9000/hook");
    }

    @Test
    void theTimeZoneDecidesTheInstantAcrossDaylightSavingTime() {
        CronSchedule berlin = CronSchedule.of("0 0 3 * * *", "Europe/Berlin");

        assertThat(berlin.nextAfter(Instant.parse("2026-12-01T10:00:00Z")))
                .as("winter: UTC+1").isEqualTo(Instant.parse("2026-12-02T02:00:00Z"));
        assertThat(berlin.nextAfter(Instant.parse("2026-07-01T10:00:00Z")))
                .as("summer: UTC+2").isEqualTo(Instant.parse("2026-07-02T01:00:00Z"));
    }

    @Test
    void fiveFieldsMeanSecondZeroAndSecondsAreAllowed() {
        assertThat(CronSchedule.of("30 2 * * *", "UTC").nextAfter(Instant.parse("2026-12-01T10:00:00Z")))
                .isEqualTo(Instant.parse("2026-12-02T02:30:00Z"));
        assertThat(CronSchedule.of("*/2 * * * * *", "UTC").nextAfter(Instant.parse("2026-12-01T10:00:01Z")))
                .isEqualTo(Instant.parse("2026-12-01T10:00:02Z"));
    }

    @Test
    void aBadCronIsRefusedInWordsWithAnExample() {
        assertThat(problems(new ScheduleRequest("n", "every night", "UTC", TEMPLATE, null)))
                .singleElement().asString().startsWith("cron 'every night' is not a cron expression")
                .contains("'0 0 3 * * *'");
        assertThat(problems(new ScheduleRequest("n", "61 * * * * *", "UTC", TEMPLATE, null)))
                .singleElement().asString().startsWith("cron '61 * * * * *' is not a cron expression");
        assertThat(problems(new ScheduleRequest("n", null, "UTC", TEMPLATE, null)))
                .singleElement().asString().startsWith("cron is missing");
        assertThat(problems(new ScheduleRequest("n", "0 0 0 30 2 *", "UTC", TEMPLATE, null)))
                .containsExactly("cron '0 0 0 30 2 *' never fires (no such date comes again)");
    }

    @Test
    void anUnknownTimeZoneIsRefused() {
        assertThat(problems(new ScheduleRequest("n", "0 0 3 * * *", "Mars/Olympus", TEMPLATE, null)))
                .containsExactly("timeZone 'Mars/Olympus' is not a time zone; give an IANA name such as "
                        + "Europe/Berlin or America/New_York, or UTC");
    }

    @Test
    void theTemplatesProblemsComeAsTheJobRulesWordThemAlongsideTheSchedulesOwn() {
        List<JobRequest> asked = new ArrayList<>();
        List<String> problems = problems(new ScheduleRequest("", "0 0 3 * * *", "UTC", TEMPLATE, null),
                template -> {
                    asked.add(template);
                    return List.of("peer: no agent named 'b' is registered (see GET /api/v1/agents)");
                });

        assertThat(asked).containsExactly(TEMPLATE);
        assertThat(problems).containsExactly(
                "name is missing: give the schedule a name, e.g. \"nightly arm-a → arm-b\"",
                "peer: no agent named 'b' is registered (see GET /api/v1/agents)");
        assertThat(problems(new ScheduleRequest("n", "0 0 3 * * *", "UTC", null, null)))
                .singleElement().asString().startsWith("jobTemplate is missing");
    }

    @Test
    void aWebhookOnLoopbackPrivateOrMetadataAddressesIsRefusedUnlessItsRangeIsAllowed() {
        assertThat(problems(new ScheduleRequest("n", "0 0 3 * * *", "UTC", TEMPLATE,
                "http://169.254.169.254/latest/meta-data"))).singleElement().asString()
                .contains("link-local");
        assertThat(problems(new ScheduleRequest("n", "0 0 3 * * *", "UTC", TEMPLATE, "http://10.1.2.3/hook")))
                .singleElement().asString()
                .isEqualTo("notifyUrl: url 10.1.2.3 (10.1.2.3) is a loopback or private address; webhooks go to "
                        + "public addresses unless burstline.schedules.webhook-allowed-networks names the range "
                        + "(now: 127.0.0.0/8)");
        assertThat(check(new ScheduleRequest("n", "0 0 3 * * *", "UTC", TEMPLATE, "http://8.8.8.8/hook"))
                .notifyUrl()).as("a public address").isEqualTo("http://8.8.8.8/hook");
        assertThat(problems(new ScheduleRequest("n", "0 0 3 * * *", "UTC", TEMPLATE, "file:///etc/passwd")))
                .singleElement().asString().startsWith("notifyUrl: url must be absolute");
        assertThat(problems(new ScheduleRequest("n", "0 0 3 * * *", "UTC", TEMPLATE, "ftp://127.0.0.1/x")))
                .containsExactly("notifyUrl: url must be http or https");
    }

    private static ScheduleRules.Checked check(ScheduleRequest request) {
        return ScheduleRules.check(request, template -> List.of(), WEBHOOKS);
    }

    private static List<String> problems(ScheduleRequest request) {
        return problems(request, template -> List.of());
    }

    private static List<String> problems(ScheduleRequest request,
                                         java.util.function.Function<JobRequest, List<String>> templateProblems) {
        List<String> problems = new ArrayList<>();
        assertThatThrownBy(() -> ScheduleRules.check(request, templateProblems, WEBHOOKS))
                .isInstanceOfSatisfying(InvalidScheduleException.class, e -> problems.addAll(e.problems()));
        return problems;
    }
}
