/**
 * Comparison: groups of runs (by driver, instance type, SUT, tag or job) side by side per scenario, with Student-t
 * intervals and Welch's t-test, under {@code /api/v1/compare} and the {@code /compare} page. The selection query
 * ({@link com.burstline.server.compare.SelectionQuery}) is shared with reports and exports. Reads runs only through
 * {@link com.burstline.server.run.RunSelections}.
 */
package com.burstline.server.compare;
