package com.burstline.server.fleet;

import java.util.List;
import java.util.Locale;

/**
 * One page of the Agents page's list: a fleet of hundreds is read a page at a time, or found by name, so that the
 * page costs the same with 5 agents or 500 (rendering every row was most of its time at 500).
 *
 * @param number 1-based, within 1..pages
 */
public record AgentListPage(List<AgentView> agents, int number, int pages, int total, String name) {
    static final int SIZE = 50;

    /** The agents whose name contains {@code name} (any case; all when blank), page {@code number} of them. */
    static AgentListPage of(List<AgentView> all, String name, int number) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        List<AgentView> matching = wanted.isEmpty() ? all
                : all.stream().filter(agent -> agent.name().toLowerCase(Locale.ROOT).contains(wanted)).toList();
        int pages = Math.max(1, (matching.size() + SIZE - 1) / SIZE);
        int page = Math.min(Math.max(1, number), pages);
        int from = (page - 1) * SIZE;
        return new AgentListPage(matching.subList(from, Math.min(matching.size(), from + SIZE)), page, pages,
                matching.size(), wanted.isEmpty() ? null : name.strip());
    }

    public int first() {
        return total == 0 ? 0 : (number - 1) * SIZE + 1;
    }

    public int last() {
        return (number - 1) * SIZE + agents.size();
    }

    /** Whether the list needs its pager and name filter: more than one page, or a filter already applied. */
    public boolean paged() {
        return pages > 1 || name != null;
    }
}
