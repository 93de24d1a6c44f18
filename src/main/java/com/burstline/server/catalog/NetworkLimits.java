package com.burstline.server.catalog;

/** An instance type's network limits in bits per second: the burst ("up to") figure and the sustained baseline. */
public record NetworkLimits(String instanceType, double baselineBitsPerSecond, double burstBitsPerSecond) {
}
