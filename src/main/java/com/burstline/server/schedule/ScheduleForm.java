package com.burstline.server.schedule;

/**
 * The page's "New schedule" form as the browser sends it; the job template is the JSON body of
 * {@code POST /api/v1/jobs}, so every field a job takes can be scheduled.
 */
record ScheduleForm(String name, String cron, String timeZone, String notifyUrl, String jobTemplate) {

    static ScheduleForm empty(String sut, String peer) {
        return new ScheduleForm("", "0 0 3 * * *", "UTC", "", "{\"sut\": \"" + sut + "\", \"peer\": \"" + peer
                + "\", \"plan\": \"standard\", \"tags\": [\"nightly\"]}");
    }

    ScheduleRequest toRequest() {
        return new ScheduleRequest(name, cron, timeZone, Templates.parse(jobTemplate), notifyUrl);
    }
}
