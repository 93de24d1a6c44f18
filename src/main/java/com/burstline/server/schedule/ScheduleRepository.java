package com.burstline.server.schedule;

import jakarta.persistence.LockModeType;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Query;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

interface ScheduleRepository extends JpaRepository<Schedule, Long> {

    /** Every change to a schedule goes through this lock: a fire and a pause never overwrite each other. */
    @Lock(LockModeType.PESSIMISTIC_WRITE)
    @Query("select s from Schedule s where s.id = :id")
    Optional<Schedule> lockById(long id);

    Optional<Schedule> findByName(String name);

    List<Schedule> findAllByOrderByIdAsc();

    List<Schedule> findByState(ScheduleState state);

    @Query("select s.id from Schedule s where s.state = :state and s.nextRunAt <= :now order by s.nextRunAt")
    List<Long> due(ScheduleState state, Instant now);

    @Query("select min(s.nextRunAt) from Schedule s where s.state = :state")
    Instant earliestNext(ScheduleState state);
}
