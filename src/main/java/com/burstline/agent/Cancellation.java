package com.burstline.agent;

/** Lets the server's cancel call reach the process that a running measurement started. */
final class Cancellation {
    private volatile boolean cancelled;
    private volatile RunningProcess process;

    void attach(RunningProcess running) {
        this.process = running;
        if (cancelled) {
            running.kill();
        }
    }

    void cancel() {
        cancelled = true;
        RunningProcess running = process;
        if (running != null) {
            running.kill();
        }
    }

    boolean isCancelled() {
        return cancelled;
    }
}
