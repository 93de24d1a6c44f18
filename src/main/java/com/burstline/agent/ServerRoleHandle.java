package com.burstline.agent;

import java.util.function.BooleanSupplier;

/** A running peer-side server, whichever tool runs it: whether it still waits or measures, and how to stop it. */
record ServerRoleHandle(BooleanSupplier alive, Runnable stop) {
    static ServerRoleHandle of(RunningProcess process) {
        return new ServerRoleHandle(process::isAlive, process::kill);
    }

    boolean isAlive() {
        return alive.getAsBoolean();
    }
}
