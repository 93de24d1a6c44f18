/**
 * Reports: the seed article's write-up of any selection as Markdown ({@code /api/v1/reports}) and as a printable
 * page ({@code /reports}), and CSV exports of runs and intervals ({@code /api/v1/export/*.csv}).
 */
package com.burstline.server.report;
