package com.burstline.server.run;

/** One label that differs: {@code stored} on the run, {@code given} by the upload or edit; null means unset. */
public record LabelDifference(String field, String stored, String given) {
}
