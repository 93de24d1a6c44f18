package com.burstline.agent;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The commands of one configuration reading (ethtool, tc, PowerShell): each started from an argument list, bounded in
 * time, and all of them within one budget, so that a host that hangs on one read still answers in time. A command
 * that fails is a reason in words, never an exception: the fact it would have given is then unknown, and why.
 */
final class ConfigCommands {
    /** How long one command may take; ethtool and tc answer in milliseconds, PowerShell in a few seconds. */
    static final Duration EACH = Duration.ofSeconds(8);
    private static final long THREAD_STACK_BYTES = 256 * 1024;

    /** What a command printed, or why there is nothing. */
    record Answer(String output, String failure) {
        static Answer failed(String why) {
            return new Answer(null, why);
        }

        boolean ok() {
            return failure == null;
        }
    }

    interface Runner {
        Answer run(List<String> command, Map<String, String> environment, Duration timeout);
    }

    private final Runner runner;
    private final Duration budget;
    private final long deadline;

    ConfigCommands(Runner runner, Duration budget) {
        this.runner = runner;
        this.budget = budget;
        this.deadline = System.nanoTime() + budget.toNanos();
    }

    Answer run(List<String> command) {
        return run(command, Map.of());
    }

    Answer run(List<String> command, Map<String, String> environment) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return Answer.failed(String.join(" ", command) + " was not run: the reading's " + budget.toSeconds()
                    + " s were spent");
        }
        return runner.run(command, environment, Duration.ofNanos(Math.min(left, EACH.toNanos())));
    }

    /**
     * Several commands at once, each on a short-lived thread of its own, the answers in the commands' order: they are
     * independent reads, each mostly waiting for its process, and the server waits for the reading before every
     * scenario. Each is bounded as {@link #run(List)} bounds it; an interrupt is each unfinished one's failure.
     */
    List<Answer> runAll(List<List<String>> commands) {
        Answer[] answers = new Answer[commands.size()];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            int index = i;
            Thread thread = new Thread(null, () -> answers[index] = run(commands.get(index)), "config-read-" + i,
                    THREAD_STACK_BYTES);
            thread.setDaemon(true);
            thread.start();
            threads.add(thread);
        }
        try {
            for (Thread thread : threads) {
                thread.join();
            }
        } catch (InterruptedException e) {
            threads.forEach(Thread::interrupt);
            Thread.currentThread().interrupt();
        }
        List<Answer> all = new ArrayList<>();
        for (int i = 0; i < answers.length; i++) {
            Answer answer = answers[i]; // join() made each finished thread's write visible
            all.add(answer != null ? answer : Answer.failed(shown(commands.get(i)) + " was interrupted"));
        }
        return all;
    }

    /** The real thing: a process per command, its whole tree killed when it runs past its time. */
    static Answer process(List<String> command, Map<String, String> environment, Duration timeout) {
        try {
            RunningProcess.Outcome outcome = RunningProcess.start(command, environment, line -> { }, line -> { })
                    .await(timeout);
            if (outcome.timedOut()) {
                return Answer.failed(shown(command) + " did not answer within " + timeout.toMillis() + " ms");
            }
            return answer(command, outcome.exitCode(), outcome.stdoutText(), outcome.stderrTail());
        } catch (IOException notInstalled) {
            return Answer.failed(command.get(0) + " is not installed");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.failed(shown(command) + " was interrupted");
        }
    }

    /** A command that exited: its output, or its first line of complaint ("ethtool -g: netlink error: …"). */
    static Answer answer(List<String> command, int exitCode, String stdout, String stderr) {
        if (exitCode == 0) {
            return new Answer(stdout, null);
        }
        String said = stderr.strip().lines().findFirst().orElse("");
        return Answer.failed(shown(command) + ": " + (said.isEmpty() ? "exit code " + exitCode : said));
    }

    /** The program and its option, without the interface or script that follow. */
    private static String shown(List<String> command) {
        return String.join(" ", command.subList(0, Math.min(2, command.size())));
    }
}
