package com.burstline.server.job.planning;

import com.burstline.contract.Limit;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Checks the experiment design of a job request: its pairs of agents, their order, the order's seed and the
 * cool-down. Part of {@link JobRules}: problems go to the same list, so a person sees them all at once.
 */
public final class DesignRules {
    public static final int MAX_PAIRS = 10;
    /** Seeds stay exact in JSON numbers read as doubles (JavaScript), so a page can show and resend them. */
    public static final long MAX_SEED = (1L << 53) - 1;
    public static final Limit COOL_DOWN = new Limit("coolDownSeconds", 0, 3600);
    private static final SecureRandom SEEDS = new SecureRandom();

    /**
     * A checked design; {@code seed} is the one given, or a new one for a randomized order, else null;
     * {@code autoCoolDown} when the cool-down is to come from the hosts' burst probes ({@link AutoCoolDown}).
     */
    public record Design(List<Pair> pairs, RunOrder order, Long seed, int coolDownSeconds, boolean autoCoolDown) {
    }

    private final List<Problem> problems;

    public DesignRules(List<Problem> problems) {
        this.problems = problems;
    }

    public Design check(JobRequest request, Predicate<String> agentExists) {
        List<Pair> pairs = pairs(request, agentExists);
        RunOrder order = order(request.order());
        Long seed = seed(request.seed(), order);
        boolean auto = request.coolDownSeconds() != null && request.coolDownSeconds().isAuto();
        int coolDown = auto ? 0 : coolDown(request.coolDownSeconds());
        return new Design(pairs, order, seed, coolDown, auto);
    }

    private List<Pair> pairs(JobRequest request, Predicate<String> agentExists) {
        if (request.pairs() == null) {
            agents(null, request.sut(), request.peer(), agentExists);
            return List.of(new Pair(request.sut(), request.peer()));
        }
        if (request.sut() != null || request.peer() != null) {
            problems.add(Problem.of("give either sut and peer or a list of pairs, not both"));
        }
        if (request.pairs().isEmpty() || request.pairs().size() > MAX_PAIRS) {
            problems.add(Problem.at(null, null, "pairs", "must list 1 to " + MAX_PAIRS + " pairs of agents, not "
                    + request.pairs().size()));
        }
        List<Pair> pairs = new ArrayList<>();
        Set<Pair> seen = new HashSet<>();
        for (int i = 0; i < request.pairs().size(); i++) {
            JobRequest.PairRequest pair = request.pairs().get(i);
            if (pair == null) {
                problems.add(Problem.of("pairs[" + i + "] is empty: give {\"sut\": …, \"peer\": …}"));
                continue;
            }
            agents(i, pair.sut(), pair.peer(), agentExists);
            Pair checked = new Pair(pair.sut(), pair.peer());
            if (!seen.add(checked)) {
                problems.add(Problem.of("pairs[" + i + "] repeats the pair " + pair.sut() + " → " + pair.peer()
                        + "; list each pair once and use repeat for more runs"));
            }
            pairs.add(checked);
        }
        return pairs;
    }

    /** @param pair the pair's index in the request's pairs; null for its sut and peer */
    private void agents(Integer pair, String sut, String peer, Predicate<String> agentExists) {
        String at = pair == null ? "" : "pairs[" + pair + "].";
        agent(pair, "sut", sut, agentExists);
        agent(pair, "peer", peer, agentExists);
        if (sut != null && sut.equals(peer)) {
            problems.add(new Problem(Problem.Kind.OTHER, at + "sut and " + at + "peer must be two different agents, "
                    + "not both '" + sut + "'", "sut", null, pair, null, null, "and peer must be two different "
                    + "agents, not both '" + sut + "'"));
        }
    }

    private void agent(Integer pair, String role, String name, Predicate<String> agentExists) {
        String at = (pair == null ? "" : "pairs[" + pair + "].") + role;
        if (name == null || name.isBlank()) {
            problems.add(Problem.agent(Problem.Kind.NO_AGENT, pair, role, null, at + " is missing: give the name "
                    + "of a registered agent (see GET /api/v1/agents)"));
        } else if (name.length() > 64 || !agentExists.test(name)) {
            problems.add(Problem.agent(Problem.Kind.UNKNOWN_AGENT, pair, role, name, at + ": no agent named '"
                    + name + "' is registered (see GET /api/v1/agents)"));
        }
    }

    private RunOrder order(String order) {
        if (order == null) {
            return RunOrder.SEQUENTIAL;
        }
        RunOrder known = RunOrder.fromApiName(order);
        if (known == null) {
            problems.add(Problem.at(null, null, "order", "must be one of " + RunOrder.allowed() + ", not '" + order
                    + "'"));
            return RunOrder.SEQUENTIAL;
        }
        return known;
    }

    private Long seed(Long seed, RunOrder order) {
        if (seed != null && (seed < 0 || seed > MAX_SEED)) {
            problems.add(Problem.at(null, null, "seed", "must be a whole number from 0 to " + MAX_SEED + ", not "
                    + seed));
        } else if (seed != null && order != RunOrder.RANDOMIZED) {
            problems.add(Problem.at(null, null, "seed", "only applies to order 'randomized', not '"
                    + order.apiName() + "'"));
        }
        if (order != RunOrder.RANDOMIZED) {
            return null;
        }
        return seed != null ? seed : SEEDS.nextLong(MAX_SEED + 1);
    }

    private int coolDown(CoolDownRequest coolDown) {
        if (coolDown == null) {
            return 0;
        }
        if (coolDown.seconds() == null) {
            problems.add(Problem.at(null, null, "coolDownSeconds", "must be a whole number of seconds from 0 to "
                    + COOL_DOWN.maxInt() + " or 'auto' (as long as the SUTs' burst probes say their credit takes to "
                    + "refill), not '" + coolDown.given() + "'"));
            return 0;
        }
        Problem problem = Problem.range(null, null, COOL_DOWN, coolDown.seconds());
        if (problem != null) {
            problems.add(problem);
        }
        return coolDown.seconds();
    }
}
