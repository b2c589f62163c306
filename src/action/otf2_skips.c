/* The OTF2 records a replay skips (see otf2_in.h): one callback per record type, each
 * counting its record under its kind for the summary lines (OpenMP, threads, I/O, ...).
 * The parameter lists are OTF2 3.0's (OTF2_EvtReaderCallbacks.h); none is used. One-sided
 * records are replayed (otf2_rma_in.c). */
#define OTR_INTERNAL
#include "otf2_in.h"

static OTF2_CallbackCode skip(void *u, int kind)
{
  ((otr_t *)u)->skipped[kind]++;
  return OTF2_CALLBACK_SUCCESS;
}

#pragma GCC diagnostic ignored "-Wunused-parameter"
#define SKIP(name, kind, ...)                                                                                          \
  static OTF2_CallbackCode skip_##name(OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t pos, void *u,                    \
                                       OTF2_AttributeList *a, ##__VA_ARGS__)                                           \
  {                                                                                                                    \
    return skip(u, kind);                                                                                              \
  }
SKIP(BufferFlush, SK_MEASUREMENT, OTF2_TimeStamp stopTime)
SKIP(MeasurementOnOff, SK_MEASUREMENT, OTF2_MeasurementMode measurementMode)
SKIP(OmpFork, SK_OPENMP, uint32_t numberOfRequestedThreads)
SKIP(OmpJoin, SK_OPENMP)
SKIP(OmpAcquireLock, SK_OPENMP, uint32_t lockID, uint32_t acquisitionOrder)
SKIP(OmpReleaseLock, SK_OPENMP, uint32_t lockID, uint32_t acquisitionOrder)
SKIP(OmpTaskCreate, SK_OPENMP, uint64_t taskID)
SKIP(OmpTaskSwitch, SK_OPENMP, uint64_t taskID)
SKIP(OmpTaskComplete, SK_OPENMP, uint64_t taskID)
static OTF2_CallbackCode skip_ParameterString(OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t pos, void *u,
                                              OTF2_AttributeList *a, OTF2_ParameterRef parameter, OTF2_StringRef string)
{
  return otr_param_string(u, t, pos, a, parameter, string);
}
SKIP(ParameterInt, SK_PARAMETER, OTF2_ParameterRef parameter, int64_t value)
SKIP(ParameterUnsignedInt, SK_PARAMETER, OTF2_ParameterRef parameter, uint64_t value)
SKIP(ThreadFork, SK_THREADS, OTF2_Paradigm model, uint32_t numberOfRequestedThreads)
SKIP(ThreadJoin, SK_THREADS, OTF2_Paradigm model)
SKIP(ThreadTeamBegin, SK_THREADS, OTF2_CommRef threadTeam)
SKIP(ThreadTeamEnd, SK_THREADS, OTF2_CommRef threadTeam)
SKIP(ThreadAcquireLock, SK_THREADS, OTF2_Paradigm model, uint32_t lockID, uint32_t acquisitionOrder)
SKIP(ThreadReleaseLock, SK_THREADS, OTF2_Paradigm model, uint32_t lockID, uint32_t acquisitionOrder)
SKIP(ThreadTaskCreate, SK_THREADS, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber)
SKIP(ThreadTaskSwitch, SK_THREADS, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber)
SKIP(ThreadTaskComplete, SK_THREADS, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber)
SKIP(ThreadCreate, SK_THREADS, OTF2_CommRef threadContingent, uint64_t sequenceCount)
SKIP(ThreadBegin, SK_THREADS, OTF2_CommRef threadContingent, uint64_t sequenceCount)
SKIP(ThreadWait, SK_THREADS, OTF2_CommRef threadContingent, uint64_t sequenceCount)
SKIP(ThreadEnd, SK_THREADS, OTF2_CommRef threadContingent, uint64_t sequenceCount)
SKIP(CallingContextEnter, SK_SAMPLING, OTF2_CallingContextRef callingContext, uint32_t unwindDistance)
SKIP(CallingContextLeave, SK_SAMPLING, OTF2_CallingContextRef callingContext)
SKIP(CallingContextSample, SK_SAMPLING, OTF2_CallingContextRef callingContext, uint32_t unwindDistance, OTF2_InterruptGeneratorRef interruptGenerator)
SKIP(IoCreateHandle, SK_IO, OTF2_IoHandleRef handle, OTF2_IoAccessMode mode, OTF2_IoCreationFlag creationFlags, OTF2_IoStatusFlag statusFlags)
SKIP(IoDestroyHandle, SK_IO, OTF2_IoHandleRef handle)
SKIP(IoDuplicateHandle, SK_IO, OTF2_IoHandleRef oldHandle, OTF2_IoHandleRef newHandle, OTF2_IoStatusFlag statusFlags)
SKIP(IoSeek, SK_IO, OTF2_IoHandleRef handle, int64_t offsetRequest, OTF2_IoSeekOption whence, uint64_t offsetResult)
SKIP(IoChangeStatusFlags, SK_IO, OTF2_IoHandleRef handle, OTF2_IoStatusFlag statusFlags)
SKIP(IoDeleteFile, SK_IO, OTF2_IoParadigmRef ioParadigm, OTF2_IoFileRef file)
SKIP(IoOperationBegin, SK_IO, OTF2_IoHandleRef handle, OTF2_IoOperationMode mode, OTF2_IoOperationFlag operationFlags, uint64_t bytesRequest, uint64_t matchingId)
SKIP(IoOperationTest, SK_IO, OTF2_IoHandleRef handle, uint64_t matchingId)
SKIP(IoOperationIssued, SK_IO, OTF2_IoHandleRef handle, uint64_t matchingId)
SKIP(IoOperationComplete, SK_IO, OTF2_IoHandleRef handle, uint64_t bytesResult, uint64_t matchingId)
SKIP(IoOperationCancelled, SK_IO, OTF2_IoHandleRef handle, uint64_t matchingId)
SKIP(IoAcquireLock, SK_IO, OTF2_IoHandleRef handle, OTF2_LockType lockType)
SKIP(IoReleaseLock, SK_IO, OTF2_IoHandleRef handle, OTF2_LockType lockType)
SKIP(IoTryLock, SK_IO, OTF2_IoHandleRef handle, OTF2_LockType lockType)
SKIP(ProgramBegin, SK_PROGRAM, OTF2_StringRef programName, uint32_t numberOfArguments, const OTF2_StringRef* programArguments)
SKIP(ProgramEnd, SK_PROGRAM, int64_t exitStatus)

void otr_skip_callbacks(OTF2_EvtReaderCallbacks *cb)
{
  OTF2_EvtReaderCallbacks_SetBufferFlushCallback(cb, skip_BufferFlush);
  OTF2_EvtReaderCallbacks_SetMeasurementOnOffCallback(cb, skip_MeasurementOnOff);
  OTF2_EvtReaderCallbacks_SetOmpForkCallback(cb, skip_OmpFork);
  OTF2_EvtReaderCallbacks_SetOmpJoinCallback(cb, skip_OmpJoin);
  OTF2_EvtReaderCallbacks_SetOmpAcquireLockCallback(cb, skip_OmpAcquireLock);
  OTF2_EvtReaderCallbacks_SetOmpReleaseLockCallback(cb, skip_OmpReleaseLock);
  OTF2_EvtReaderCallbacks_SetOmpTaskCreateCallback(cb, skip_OmpTaskCreate);
  OTF2_EvtReaderCallbacks_SetOmpTaskSwitchCallback(cb, skip_OmpTaskSwitch);
  OTF2_EvtReaderCallbacks_SetOmpTaskCompleteCallback(cb, skip_OmpTaskComplete);
  OTF2_EvtReaderCallbacks_SetParameterStringCallback(cb, skip_ParameterString);
  OTF2_EvtReaderCallbacks_SetParameterIntCallback(cb, skip_ParameterInt);
  OTF2_EvtReaderCallbacks_SetParameterUnsignedIntCallback(cb, skip_ParameterUnsignedInt);
  OTF2_EvtReaderCallbacks_SetThreadForkCallback(cb, skip_ThreadFork);
  OTF2_EvtReaderCallbacks_SetThreadJoinCallback(cb, skip_ThreadJoin);
  OTF2_EvtReaderCallbacks_SetThreadTeamBeginCallback(cb, skip_ThreadTeamBegin);
  OTF2_EvtReaderCallbacks_SetThreadTeamEndCallback(cb, skip_ThreadTeamEnd);
  OTF2_EvtReaderCallbacks_SetThreadAcquireLockCallback(cb, skip_ThreadAcquireLock);
  OTF2_EvtReaderCallbacks_SetThreadReleaseLockCallback(cb, skip_ThreadReleaseLock);
  OTF2_EvtReaderCallbacks_SetThreadTaskCreateCallback(cb, skip_ThreadTaskCreate);
  OTF2_EvtReaderCallbacks_SetThreadTaskSwitchCallback(cb, skip_ThreadTaskSwitch);
  OTF2_EvtReaderCallbacks_SetThreadTaskCompleteCallback(cb, skip_ThreadTaskComplete);
  OTF2_EvtReaderCallbacks_SetThreadCreateCallback(cb, skip_ThreadCreate);
  OTF2_EvtReaderCallbacks_SetThreadBeginCallback(cb, skip_ThreadBegin);
  OTF2_EvtReaderCallbacks_SetThreadWaitCallback(cb, skip_ThreadWait);
  OTF2_EvtReaderCallbacks_SetThreadEndCallback(cb, skip_ThreadEnd);
  OTF2_EvtReaderCallbacks_SetCallingContextEnterCallback(cb, skip_CallingContextEnter);
  OTF2_EvtReaderCallbacks_SetCallingContextLeaveCallback(cb, skip_CallingContextLeave);
  OTF2_EvtReaderCallbacks_SetCallingContextSampleCallback(cb, skip_CallingContextSample);
  OTF2_EvtReaderCallbacks_SetIoCreateHandleCallback(cb, skip_IoCreateHandle);
  OTF2_EvtReaderCallbacks_SetIoDestroyHandleCallback(cb, skip_IoDestroyHandle);
  OTF2_EvtReaderCallbacks_SetIoDuplicateHandleCallback(cb, skip_IoDuplicateHandle);
  OTF2_EvtReaderCallbacks_SetIoSeekCallback(cb, skip_IoSeek);
  OTF2_EvtReaderCallbacks_SetIoChangeStatusFlagsCallback(cb, skip_IoChangeStatusFlags);
  OTF2_EvtReaderCallbacks_SetIoDeleteFileCallback(cb, skip_IoDeleteFile);
  OTF2_EvtReaderCallbacks_SetIoOperationBeginCallback(cb, skip_IoOperationBegin);
  OTF2_EvtReaderCallbacks_SetIoOperationTestCallback(cb, skip_IoOperationTest);
  OTF2_EvtReaderCallbacks_SetIoOperationIssuedCallback(cb, skip_IoOperationIssued);
  OTF2_EvtReaderCallbacks_SetIoOperationCompleteCallback(cb, skip_IoOperationComplete);
  OTF2_EvtReaderCallbacks_SetIoOperationCancelledCallback(cb, skip_IoOperationCancelled);
  OTF2_EvtReaderCallbacks_SetIoAcquireLockCallback(cb, skip_IoAcquireLock);
  OTF2_EvtReaderCallbacks_SetIoReleaseLockCallback(cb, skip_IoReleaseLock);
  OTF2_EvtReaderCallbacks_SetIoTryLockCallback(cb, skip_IoTryLock);
  OTF2_EvtReaderCallbacks_SetProgramBeginCallback(cb, skip_ProgramBegin);
  OTF2_EvtReaderCallbacks_SetProgramEndCallback(cb, skip_ProgramEnd);
}
