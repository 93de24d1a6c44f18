/**
 * Trends: one pair's scenario over time with its change points (e-divisive means, a seeded permutation test), under
 * {@code /api/v1/trends} and the {@code /trends} page. Takes the selection of
 * {@link com.burstline.server.compare.SelectionQuery} and reads runs only through
 * {@link com.burstline.server.run.RunSelections}.
 */
package com.burstline.server.trend;
