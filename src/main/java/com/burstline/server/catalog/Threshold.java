package com.burstline.server.catalog;

/**
 * One threshold of the findings catalog: where a finding or a verdict starts, the unit it is in, and the real runs it
 * was set on ({@code basis}). The field names are part of the API ({@code GET /api/v1/findings/catalog}).
 */
public record Threshold(String id, double value, String unit, String basis) {
}
