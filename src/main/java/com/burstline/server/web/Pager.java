package com.burstline.server.web;

import com.burstline.server.run.RunPage;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Where the list's previous and next links go. They keep the filter's query parameters, so paging never drops a
 * filter; a link is null when there is no such page.
 */
record Pager(int number, int totalPages, long totalElements, String previousUrl, String nextUrl) {

    static Pager of(RunPage.PageInfo page, String queryString) {
        String previous = page.number() > 0 ? pageUrl(queryString, page.number() - 1) : null;
        String next = page.number() + 1 < page.totalPages() ? pageUrl(queryString, page.number() + 1) : null;
        return new Pager(page.number(), page.totalPages(), page.totalElements(), previous, next);
    }

    private static String pageUrl(String queryString, int number) {
        // The query string arrives encoded; build() without encode() keeps it exactly as the browser sent it.
        return UriComponentsBuilder.fromPath("/runs").query(queryString)
                .replaceQueryParam("page", number).build().toUriString();
    }
}
