package com.burstline.server.job;

import jakarta.persistence.LockModeType;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Query;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

interface JobRepository extends JpaRepository<Job, Long> {

    /** Every change to a job goes through this lock: the runner, results and cancel never overwrite each other. */
    @Lock(LockModeType.PESSIMISTIC_WRITE)
    @Query("select j from Job j where j.id = :id")
    Optional<Job> lockById(long id);

    List<Job> findByStatusOrderByIdAsc(JobStatus status);

    @Query("select j.status from Job j where j.id = :id")
    Optional<JobStatus> statusById(long id);

    List<Job> findByStatusIn(Collection<JobStatus> statuses);

    List<Job> findByStatusInOrderByIdAsc(Collection<JobStatus> statuses);

    long countByStatus(JobStatus status);

    List<Job> findAllByOrderByIdDesc(Pageable page);

    /** One scenario with its job, without loading the job's other scenarios (live samples ask once a second). */
    @Query("select s from JobScenario s join fetch s.job where s.id = :scenarioId and s.job.id = :jobId")
    Optional<JobScenario> scenarioOfJob(long jobId, long scenarioId);

    @Query("select s.job.id from JobScenario s where s.id = :scenarioId")
    Optional<Long> jobIdOfScenario(long scenarioId);

    /**
     * When a scenario that ran on the host (as SUT or peer of its pair) last ended: the host's last measurement as the
     * database knows it, so that a restarted server still waits a cool-down counted from it.
     */
    @Query("select max(s.finishedAt) from JobScenario s join s.job j join j.pairs p where index(p) = s.pairIndex "
            + "and s.startedAt is not null and (p.sut = :host or p.peer = :host)")
    Optional<Instant> lastScenarioEndOn(String host);
}
