package com.burstline.agent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tc qdisc show dev IF} as one fact: the root qdisc with its parameters, and the qdiscs under it counted
 * ("mq; under it: fq_codel limit 10240p … on 8 queues"). Handles ("8004:") and reference counts are left out: they
 * change each time a qdisc is made, while the configuration stays the same.
 */
final class TcQdisc {
    private TcQdisc() {
    }

    static String describe(String output) {
        String root = null;
        Map<String, Integer> children = new LinkedHashMap<>();
        for (String line : output.split("\n")) {
            List<String> words = new ArrayList<>(List.of(line.strip().split("\\s+")));
            if (words.size() < 3 || !words.get(0).equals("qdisc")) {
                continue;
            }
            String kind = words.get(1);
            List<String> rest = words.subList(3, words.size());
            boolean isRoot = !rest.isEmpty() && rest.get(0).equals("root");
            String parameters = parameters(rest);
            String described = parameters.isEmpty() ? kind : kind + " " + parameters;
            if (isRoot) {
                root = described;
            } else {
                children.merge(described, 1, Integer::sum);
            }
        }
        if (root == null) {
            return null;
        }
        List<String> under = new ArrayList<>();
        children.forEach((child, count) -> under.add(child + (count > 1 ? " on " + count + " queues" : "")));
        return under.isEmpty() ? root : root + "; under it: " + String.join("; ", under);
    }

    /** What follows "root" or "parent :N", without the reference count. */
    private static String parameters(List<String> rest) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < rest.size(); i++) {
            String word = rest.get(i);
            if (word.equals("root")) {
                continue;
            }
            if (word.equals("parent") || word.equals("refcnt")) {
                i++;
                continue;
            }
            kept.add(word);
        }
        return String.join(" ", kept);
    }
}
