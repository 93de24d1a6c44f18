package com.burstline.server.schedule;


import com.burstline.server.job.planning.JobRequest;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Checks a schedule request: its name, cron expression and time zone, its webhook URL (held to
 * {@code burstline.schedules.webhook-allowed-networks} like agent URLs) and its job template, by the job rules
 * themselves, so a template that would be refused at the first fire is refused now, with the job API's words.
 * Collects every problem, so a person can fix them all at once.
 */
final class ScheduleRules {
    static final int MAX_NAME = 100;
    static final int MAX_URL = 2000;

    private ScheduleRules() {
    }

    /** A request that passed: what a schedule is stored from. */
    record Checked(String name, String cron, String timeZone, CronSchedule when, JobRequest template,
                   String notifyUrl) {
    }

    static Checked check(ScheduleRequest request, Function<JobRequest, List<String>> templateProblems,
                         WebhookAddresses webhooks) {
        List<String> problems = new ArrayList<>();
        String name = name(request.name(), problems);
        CronSchedule when = CronSchedule.parse(request.cron(), request.timeZone(), problems);
        String url = notifyUrl(request.notifyUrl(), webhooks, problems);
        if (request.jobTemplate() == null) {
            problems.add("jobTemplate is missing: give the job to start, as the body of POST /api/v1/jobs, e.g. "
                    + "{\"sut\": \"a\", \"peer\": \"b\", \"plan\": \"standard\"}");
        } else {
            problems.addAll(templateProblems.apply(request.jobTemplate()));
        }
        if (!problems.isEmpty()) {
            throw new InvalidScheduleException(problems);
        }
        String zone = request.timeZone() == null || request.timeZone().isBlank() ? CronSchedule.DEFAULT_ZONE
                : request.timeZone().strip();
        return new Checked(name, request.cron().strip(), zone, when, request.jobTemplate(), url);
    }

    private static String name(String name, List<String> problems) {
        if (name == null || name.isBlank()) {
            problems.add("name is missing: give the schedule a name, e.g. \"nightly arm-a → arm-b\"");
            return null;
        }
        String clean = name.strip();
        if (clean.length() > MAX_NAME || clean.chars().anyMatch(Character::isISOControl)) {
            problems.add("name must be at most " + MAX_NAME + " characters without line breaks");
        }
        return clean;
    }

    private static String notifyUrl(String notifyUrl, WebhookAddresses webhooks, List<String> problems) {
        if (notifyUrl == null || notifyUrl.isBlank()) {
            return null;
        }
        String clean = notifyUrl.strip();
        if (clean.length() > MAX_URL) {
            problems.add("notifyUrl must be at most " + MAX_URL + " characters");
            return null;
        }
        try {
            URI uri = new URI(clean);
            String refusal = uri.getHost() == null ? "url must be absolute, like http://10.0.0.5:9000/hook"
                    : webhooks.refusal(uri);
            if (refusal != null) {
                problems.add("notifyUrl: " + refusal);
            }
        } catch (URISyntaxException wrong) {
            problems.add("notifyUrl '" + clean + "' is not a URL: " + wrong.getReason());
        }
        return clean;
    }
}
