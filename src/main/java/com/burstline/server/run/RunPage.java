package com.burstline.server.run;

import java.util.List;

/** One page of run summaries, in Spring Data's paged JSON shape ({@code content} and {@code page}). */
public record RunPage(List<RunSummary> content, PageInfo page) {

    public record PageInfo(int size, int number, long totalElements, int totalPages) {
    }
}
