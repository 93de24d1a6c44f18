package com.burstline.server.catalog;

import java.util.List;

/**
 * What the catalog tells a reader about a finding kind and a verdict step alike: what it means, what to check next,
 * and the thresholds it starts at.
 */
public record Guidance(String meaning, String next, List<Threshold> thresholds) {
}
