/**
 * The browser dashboard: Thymeleaf pages for listing, showing, uploading and deleting runs. Pages read and write only
 * through the run feature's public API ({@code RunQueries}, {@code RunImporter} and their records); the charts fetch
 * the same {@code /api/v1} JSON that other clients use.
 */
package com.burstline.server.web;
