package com.burstline.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** One reading of {@code /proc/<pid>/status} (Linux): resident memory, its anonymous and file-backed parts, threads. */
record ProcStatus(long rssKib, long anonKib, long fileKib, int threads) {
    static ProcStatus of(long pid) throws IOException {
        long rss = 0;
        long anon = 0;
        long file = 0;
        int threads = 0;
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            String[] parts = line.split("\\s+");
            switch (parts[0]) {
                case "VmRSS:" -> rss = Long.parseLong(parts[1]);
                case "RssAnon:" -> anon = Long.parseLong(parts[1]);
                case "RssFile:" -> file = Long.parseLong(parts[1]);
                case "Threads:" -> threads = Integer.parseInt(parts[1]);
                default -> {
                }
            }
        }
        return new ProcStatus(rss, anon, file, threads);
    }

    double rssMib() {
        return rssKib / 1024.0;
    }
}
